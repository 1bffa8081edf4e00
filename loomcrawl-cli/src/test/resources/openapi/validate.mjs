// Validates an OpenAPI document (the file named by the first argument) with @seriousme/openapi-schema-validator,
// installed by scripts/firecrawl/setup into the cache named by the second; prints {"valid", "version", "errors"}.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import path from "node:path";

const [file, cache] = process.argv.slice(2);
const require = createRequire(path.join(cache, "node_modules", "noop.js"));
const { Validator } = await import(require.resolve("@seriousme/openapi-schema-validator"));
const validator = new Validator();
const result = await validator.validate(JSON.parse(readFileSync(file, "utf8")));
console.log(JSON.stringify({ valid: result.valid, version: validator.version, errors: result.errors ?? null }));
process.exit(result.valid ? 0 : 1);
