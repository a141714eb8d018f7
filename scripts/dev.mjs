// `npm run dev`: the API (tsx watch, embedded PostgreSQL on ./.data) and Vite's dev server with
// hot reload, which proxies /api and /socket.io to the API. Open http://localhost:5173.
import { spawn } from 'node:child_process';

const procs = [
  spawn('npm', ['run', 'dev', '-w', 'apps/api'], { stdio: 'inherit', env: { ...process.env, PORT: process.env.PORT ?? '3000' } }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit', env: { ...process.env, KUSINA_API_URL: `http://localhost:${process.env.PORT ?? '3000'}` } }),
];
const stop = () => procs.forEach((p) => p.kill('SIGINT'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
procs.forEach((p) => p.on('exit', (code) => { if (code) { stop(); process.exitCode = code; } }));
