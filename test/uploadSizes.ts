// Test runs cut uploads small: multipart above 8 MiB in parts of 5 MiB (the seed's minimum), three
// in flight at first, so a
// test file of 11 MB exercises multipart mode and its resume. The shipped sizes (limits.ts UPLOAD:
// one request up to 1 GiB, parts of 64 MiB) are measured by `npm run bench`; a test that wants them
// sets the variables itself. Loaded by scripts/run-tests.js and .mocharc.json.
process.env.PORTAL_UPLOAD_SINGLE_MAX_BYTES ??= String(8 * 1024 * 1024);
process.env.PORTAL_UPLOAD_PART_BYTES ??= String(5 * 1024 * 1024);
// and three parts in flight at first (the shipped six would send a test file's parts all at once)
process.env.PORTAL_UPLOAD_PARALLEL_PARTS ??= "3";
