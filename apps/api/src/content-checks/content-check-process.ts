// The isolated process that reads inside uploaded files (started by content-checker.ts).
import { inspectContent } from './inspect-content.ts';
import { serveIsolatedJobs } from './isolated-process-pool.ts';

serveIsolatedJobs(inspectContent);
