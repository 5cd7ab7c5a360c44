// Give each method a second label after its kind (Model, Dataset, Benchmark, Metric, Tool;
// plain methods keep only Method), so Neo4j Browser's style can colour kinds.
// params: $methodKeys: [string]. returns: count.
UNWIND $methodKeys AS key
MATCH (m:Method {key: key})
REMOVE m:Model:Dataset:Benchmark:Metric:Tool
FOREACH (_ IN CASE WHEN m.kind = 'model' THEN [1] ELSE [] END | SET m:Model)
FOREACH (_ IN CASE WHEN m.kind = 'dataset' THEN [1] ELSE [] END | SET m:Dataset)
FOREACH (_ IN CASE WHEN m.kind = 'benchmark' THEN [1] ELSE [] END | SET m:Benchmark)
FOREACH (_ IN CASE WHEN m.kind = 'metric' THEN [1] ELSE [] END | SET m:Metric)
FOREACH (_ IN CASE WHEN m.kind = 'tool' THEN [1] ELSE [] END | SET m:Tool)
RETURN count(*) AS count
