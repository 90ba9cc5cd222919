/// <reference lib="webworker" />
import { serveParseRequests } from './parse-worker-handler';

// The Web Worker's entry (webpack bundles it as its own chunk): the CSV is parsed here, off the page's thread.
serveParseRequests(self as unknown as DedicatedWorkerGlobalScope);
