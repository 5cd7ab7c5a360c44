// Link named variants to the method they vary (SD-LoRA -> LoRA, OPT-13B -> OPT), once per
// pair whichever papers say so; both methods must exist.
// params: $rows: [{key, variantOf, extractor}]. returns: count.
UNWIND $rows AS row
MATCH (v:Method {key: row.key})
MATCH (b:Method {key: row.variantOf})
WITH v, b, row WHERE v <> b
MERGE (v)-[r:VARIANT_OF]->(b)
SET r.extractor = row.extractor
RETURN count(*) AS count
