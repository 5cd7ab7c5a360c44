// The Neo4j GraphQL Library (@neo4j/graphql) over the papergraph data model, served by
// graphql-yoga: the peer that bench/peer_graphql.py compares our API with. Type definitions are
// what a team using the library would write for our graph: Paper/Concept/Method nodes, the
// MENTIONS/PROPOSES/USES relationships with their properties, and @cypher fields for the two
// traversals (concepts shared by two papers; related papers). Related papers are ranked by our
// own statement (cypher/related_papers.cypher for one paper, its parameters written in, passed
// by bench/peer_graphql.py as RELATED_STATEMENT): a team using the library would send the same
// Cypher, and both sides then do the same database work, so the benchmark compares the GraphQL
// layers. Read-only: no mutations are generated.
//
// Environment: NEO4J_URI, NEO4J_USER (default neo4j), NEO4J_PASSWORD, NEO4J_DATABASE (default
// neo4j), PORT, RELATED_STATEMENT. Listens on 127.0.0.1 only; /health answers 200 once the schema is built.
import { createServer } from "node:http";

import { Neo4jGraphQL } from "@neo4j/graphql";
import { createYoga } from "graphql-yoga";
import neo4j from "neo4j-driver";

const relatedStatement = process.env.RELATED_STATEMENT;
if (!relatedStatement) {
  console.error("RELATED_STATEMENT is not set: bench/peer_graphql.py passes it");
  process.exit(2);
}

const typeDefs = /* GraphQL */ `
  type Mentions @relationshipProperties {
    score: Float
    rank: Int
    source: String
  }

  type MethodLink @relationshipProperties {
    score: Float
  }

  type Paper @node @mutation(operations: []) {
    id: ID!
    title: String
    label: String
    abstract: String
    year: Int
    venue: String
    authors: [String!]
    keywords: [String!]
    status: String
    concepts: [Concept!]! @relationship(type: "MENTIONS", direction: OUT, properties: "Mentions")
    proposes: [Method!]! @relationship(type: "PROPOSES", direction: OUT, properties: "MethodLink")
    uses: [Method!]! @relationship(type: "USES", direction: OUT, properties: "MethodLink")
  }

  type Concept @node @mutation(operations: []) {
    key: ID!
    name: String
    aliases: [String!]
    papers: [Paper!]! @relationship(type: "MENTIONS", direction: IN, properties: "Mentions")
  }

  type Method @node @mutation(operations: []) {
    key: ID!
    name: String
    aliases: [String!]
    proposedBy: [Paper!]! @relationship(type: "PROPOSES", direction: IN, properties: "MethodLink")
    usedBy: [Paper!]! @relationship(type: "USES", direction: IN, properties: "MethodLink")
  }

  type Query {
    sharedConcepts(paperA: ID!, paperB: ID!): [Concept!]!
      @cypher(
        statement: """
        MATCH (:Paper {id: $paperA})-[:MENTIONS]->(c:Concept)<-[:MENTIONS]-(:Paper {id: $paperB})
        WITH DISTINCT c ORDER BY c.key
        RETURN c
        """
        columnName: "c"
      )
    relatedPapers(id: ID!, first: Int! = 10): [Paper!]!
      @cypher(
        statement: """
        ${relatedStatement}
        """
        columnName: "q"
      )
  }
`;

const env = process.env;
const driver = neo4j.driver(
  env.NEO4J_URI,
  neo4j.auth.basic(env.NEO4J_USER ?? "neo4j", env.NEO4J_PASSWORD ?? ""),
);
const database = env.NEO4J_DATABASE ?? "neo4j";
const schema = await new Neo4jGraphQL({ typeDefs, driver }).getSchema();
const yoga = createYoga({
  schema,
  graphqlEndpoint: "/graphql",
  landingPage: false,
  logging: "warn",
  context: () => ({ sessionConfig: { database } }),
});
const server = createServer(yoga);

async function stop() {
  server.close();
  await driver.close();
  process.exit(0);
}

process.on("SIGTERM", stop);
process.on("SIGINT", stop);
server.listen(Number(env.PORT), "127.0.0.1", () => {
  console.log(`@neo4j/graphql listening on http://127.0.0.1:${env.PORT}/graphql`);
});
