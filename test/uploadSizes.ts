// Test runs cut uploads small: multipart above 8 MiB in parts of 5 MiB (the seed's minimum), so a
// test file of 11 MB exercises multipart mode and its resume. The shipped sizes (limits.ts UPLOAD:
// one request up to 1 GiB, parts of 64 MiB) are measured by `npm run bench`; a test that wants them
// sets the variables itself. Loaded by scripts/run-tests.js and .mocharc.json.
process.env.PORTAL_UPLOAD_SINGLE_MAX_BYTES ??= String(8 * 1024 * 1024);
process.env.PORTAL_UPLOAD_PART_BYTES ??= String(5 * 1024 * 1024);
