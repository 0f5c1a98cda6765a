/**
 * The Jinja library alone in a process of its own, with Node's default V8 settings (the bench
 * process has Quire's wider inline caches, which the library alone would not have): renders the
 * sources it is sent, `new Template(source).render(context)` each, and answers with the time it
 * took (wall and CPU).
 * Started by render-templated-sections.ts (child_process.fork).
 */
import { Template } from '@huggingface/jinja';

process.on('message', (message: { sources: string[]; context: Record<string, unknown> }) => {
  const t = performance.now();
  const cpu = process.cpuUsage();
  let chars = 0;
  for (const source of message.sources) chars += new Template(source).render(message.context).length;
  const ms = performance.now() - t;
  const { user, system } = process.cpuUsage(cpu);
  process.send?.({ ms, cpuMs: (user + system) / 1000, chars });
});
