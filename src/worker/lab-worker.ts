/// <reference lib="webworker" />
import { expose } from 'comlink';
import { createLabApi } from './lab-api';

// The worker entry: everything heavy (parsing, tokenizing, later compaction) happens behind this line.
expose(createLabApi());
