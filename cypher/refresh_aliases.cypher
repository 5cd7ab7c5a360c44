// Recompute the aliases of concepts and methods whose papers changed or went, from the forms
// the papers still linked to them write (each edge's aliases), in their stored order. A concept
// whose name no such paper writes any more takes the least capitalised spelling of its first
// remaining spelled-out alias. Nodes with an edge written before edges kept their forms are
// left as they are; nodes no paper links to are left to delete_orphans.
// params: $conceptKeys, $methodKeys: [string]. returns: count.
CALL () {
  UNWIND $conceptKeys AS key
  MATCH (n:Concept {key: key})
  RETURN n
  UNION
  UNWIND $methodKeys AS key
  MATCH (n:Method {key: key})
  RETURN n
}
WITH n
WHERE NOT EXISTS { (n)<-[r:MENTIONS|PROPOSES|USES]-(:Paper) WHERE r.aliases IS NULL }
WITH n, COLLECT { MATCH (n)<-[r:MENTIONS|PROPOSES|USES]-(:Paper) UNWIND r.aliases AS a
                  RETURN DISTINCT a } AS used
WHERE size(used) > 0
WITH n, used, [a IN n.aliases WHERE a IN used] AS kept
WITH n, used, kept, head([a IN kept WHERE a =~ '.*[a-z]{2}.*']) AS first
WITH n, kept, CASE
    WHEN n:Concept AND NOT n.name IN used AND first IS NOT NULL
    THEN reduce(best = first, a IN kept |
      CASE WHEN toLower(a) = toLower(best)
        AND size([ch IN split(a, '') WHERE ch <> toLower(ch)])
          < size([ch IN split(best, '') WHERE ch <> toLower(ch)])
      THEN a ELSE best END)
    ELSE n.name END AS name
// only nodes that change are written (and so write-locked): a reload that changes nothing
// takes no lock a concurrent loader could wait on
WHERE kept <> n.aliases OR name <> n.name
SET n.aliases = kept, n.name = name
RETURN count(n) AS count
