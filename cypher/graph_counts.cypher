// Node counts by label and relationship counts by type (served from the count store).
// params: none. returns: papers, concepts, methods, mentions, proposes, uses, relatedTo.
RETURN COUNT { (:Paper) } AS papers,
       COUNT { (:Concept) } AS concepts,
       COUNT { (:Method) } AS methods,
       COUNT { ()-[:MENTIONS]->() } AS mentions,
       COUNT { ()-[:PROPOSES]->() } AS proposes,
       COUNT { ()-[:USES]->() } AS uses,
       COUNT { ()-[:RELATED_TO]->() } AS relatedTo
