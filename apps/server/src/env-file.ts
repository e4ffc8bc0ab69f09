import fs from 'node:fs';
import path from 'node:path';

/**
 * Reads `.env` from the working folder (where `npm start` runs) into `process.env`, when there is one. A variable
 * already set in the environment (a process manager's, the shell's) wins over the file's, so the file holds
 * defaults for this machine and `PORT=4000 npm start` still works. Comments and quotes follow Node's own
 * `.env` format (`process.loadEnvFile`).
 */
export function loadEnvFile(file = path.resolve('.env')): boolean {
  if (!fs.existsSync(file)) return false;
  process.loadEnvFile(file);
  return true;
}
