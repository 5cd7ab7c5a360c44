#!/usr/bin/env bash
# Refresh the GraphiQL files shipped in api/graphiql/assets/ from the versions pinned in
# api/graphiql/package-lock.json. The built files are committed (MIT, licences beside them) so
# that a pip install, the Docker image and an offline machine all serve GraphiQL without Node.js;
# run this only to change versions (edit package.json, `npm install --prefix api/graphiql`).
set -euo pipefail
cd "$(dirname "$0")/../api/graphiql"
npm ci --no-audit --no-fund
out=assets
mkdir -p "$out"
cp node_modules/graphiql/graphiql.min.css node_modules/graphiql/graphiql.min.js "$out/"
cp node_modules/react/umd/react.production.min.js "$out/"
cp node_modules/react-dom/umd/react-dom.production.min.js "$out/"
for pkg in graphiql react react-dom; do cp "node_modules/$pkg/LICENSE" "$out/LICENSE.$pkg"; done
echo "GraphiQL assets refreshed in api/graphiql/$out"
