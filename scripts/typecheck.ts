import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * `npm run typecheck`: both TypeScript projects (the server side, tsconfig.json; the web app, web/tsconfig.json)
 * in one run, side by side, each one's errors under its own heading. Both always run, so an error in one does not
 * hide the other's; the exit code is non-zero when either has an error. Other projects: pass their tsconfig paths.
 */

const DEFAULT_PROJECTS = ['tsconfig.json', 'web/tsconfig.json'];

interface Outcome {
  project: string;
  code: number;
  output: string;
}

function typecheck(project: string): Promise<Outcome> {
  return new Promise((resolve) => {
    // The tsc of this repository (npm puts node_modules/.bin first on the PATH of its scripts).
    const child = spawn('tsc', ['-p', project, '--pretty'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', (error) => resolve({ project, code: 1, output: `${error.message}\n` }));
    child.on('close', (code) => resolve({ project, code: code ?? 1, output }));
  });
}

export async function typecheckAll(projects: string[]): Promise<Outcome[]> {
  return Promise.all(projects.map(typecheck));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const projects = process.argv.length > 2 ? process.argv.slice(2) : DEFAULT_PROJECTS;
  const outcomes = await typecheckAll(projects);
  for (const { project, code, output } of outcomes) {
    console.log(`tsc -p ${project}: ${code === 0 ? 'no errors' : 'errors'}`);
    if (output.trim()) console.log(output.trimEnd());
  }
  process.exitCode = outcomes.some((outcome) => outcome.code !== 0) ? 1 : 0;
}
