import { spawn } from 'node:child_process';

/**
 * Runs commands at the same time and shows their outputs in turn: the first one's as it comes,
 * the next one's (held until then, under its heading) once the one before has finished.
 */
export class OutputInTurn {
  #turns = [];

  run(heading, cmd, args, env) {
    return new Promise((resolve) => {
      const start = Date.now();
      const turn = { heading, held: [], live: false, done: false };
      this.#turns.push(turn);
      const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
      const take = (chunk) => {
        if (turn.live) process.stdout.write(chunk);
        else turn.held.push(chunk);
      };
      child.stdout.on('data', take);
      child.stderr.on('data', take);
      const finish = (code) => {
        if (turn.done) return;
        turn.done = true;
        this.#next();
        resolve({ code, ms: Date.now() - start });
      };
      child.on('error', (error) => {
        take(`${error.message}\n`);
        finish(1);
      });
      child.on('close', finish);
      this.#next();
    });
  }

  #next() {
    for (let turn = this.#turns[0]; turn; turn = this.#turns[0]) {
      if (!turn.live) {
        if (turn.heading) console.log(`\n› ${turn.heading}`);
        for (const chunk of turn.held.splice(0)) process.stdout.write(chunk);
        turn.live = true;
      }
      if (!turn.done) return;
      this.#turns.shift();
    }
  }
}
