#!/usr/bin/env bash
# Rebuild the researcher's page (api/page/assets/) from api/page/src/ with the npm packages
# pinned in api/page/package-lock.json. The built files are committed (licences beside them) so
# that a pip install, the Docker image and an offline machine serve the page without Node.js;
# run this after changing api/page/src/ or the versions (edit package.json, `npm install`).
set -euo pipefail
cd "$(dirname "$0")/../api/page"
npm ci --no-audit --no-fund
out=assets
mkdir -p "$out"
npx --no-install esbuild src/main.js --bundle --minify --format=iife --target=es2020 \
  --legal-comments=none --outfile="$out/page.js"
npx --no-install esbuild src/page.css --minify --outfile="$out/page.css"
for pkg in cytoscape cytoscape-fcose cose-base layout-base; do
  cp "node_modules/$pkg/LICENSE" "$out/LICENSE.$pkg"
done
echo "Page built in api/page/$out: $(gzip -c "$out/page.js" | wc -c) + $(gzip -c "$out/page.css" | wc -c) bytes gzipped"
