// Delete the given CitedWork placeholders that no paper cites any more, safely beside running
// loads (as delete_orphans does for concepts): each is write-locked before it is checked, so a
// loader still linking a paper to it commits first and the check sees that edge, while one
// that comes later finds it gone and creates it anew.
// params: $ids: [string]. returns: count (placeholders deleted).
UNWIND $ids AS id
MATCH (w:CitedWork {id: id})
SET w.orphanCheck = true
REMOVE w.orphanCheck
WITH w
WHERE NOT EXISTS { (w)<-[:CITES]-() }
DELETE w
RETURN count(*) AS count
