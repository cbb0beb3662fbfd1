/// <reference lib="webworker" />
import { expose } from 'comlink';
import { createLabApi } from './lab-api';
import { forPage } from './page-copies';

// The worker entry: everything heavy (parsing, tokenizing, compaction, provider calls) happens behind this line.
expose(forPage(createLabApi()));
