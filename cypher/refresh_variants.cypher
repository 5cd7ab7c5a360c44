// Recompute the VARIANT_OF edges from the given methods (named variants: SD-LoRA -> LoRA) from
// what the papers linked to them say now. Each paper's claim lives on its own PROPOSES/USES
// edge to the variant (variantOf: the base's key; variantField, variantStart, variantEnd,
// variantText, variantSentence, variantSentenceStart, variantSentenceEnd: where it says so), so
// it comes and goes with that paper's edges. Each (variant, base) pair some paper claims, the
// base existing, is one edge showing the claim of the claiming paper with the smallest id
// (paperId, extractor, and the evidence* and sentence* properties the other extracted edges
// carry), so neither load order nor batch size changes it; an edge no paper claims any more is
// deleted. Each variant is write-locked before its claims are read, so two loaders writing
// claims on it at once take turns and the second sees the first's (as in delete_orphans).
// params: $keys: [string] (keys of methods whose papers' claims may have changed).
// returns: count (VARIANT_OF edges kept).
UNWIND $keys AS key
MATCH (v:Method {key: key})
SET v.variantCheck = true
REMOVE v.variantCheck
WITH v
CALL (v) {
  OPTIONAL MATCH (v)-[old:VARIANT_OF]->(b:Method)
  WHERE NOT EXISTS { (:Paper)-[c:PROPOSES|USES]->(v) WHERE c.variantOf = b.key }
  DELETE old
}
CALL (v) {
  MATCH (p:Paper)-[c:PROPOSES|USES]->(v)
  WHERE c.variantOf IS NOT NULL AND c.variantOf <> v.key
  WITH c.variantOf AS baseKey, p, c ORDER BY p.id
  WITH baseKey, head(collect({paperId: p.id, claim: c})) AS first
  MATCH (b:Method {key: baseKey})
  MERGE (v)-[e:VARIANT_OF]->(b)
  WITH e, first.paperId AS paperId, first.claim AS c
  SET e.paperId = paperId, e.extractor = c.extractor,
      e.evidenceField = c.variantField, e.evidenceStart = c.variantStart,
      e.evidenceEnd = c.variantEnd, e.evidenceText = c.variantText,
      e.sentence = c.variantSentence, e.sentenceStart = c.variantSentenceStart,
      e.sentenceEnd = c.variantSentenceEnd
  RETURN count(e) AS kept
}
RETURN sum(kept) AS count
