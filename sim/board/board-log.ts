/**
 * What the virtual board reports to the outside: console output, uncaught firmware errors and
 * calls to system functions that only have an effect on real hardware (passwords, watchdog,
 * console moves). Lives across power cycles, like a terminal attached to the toy.
 */

export interface ConsoleLine {
  /** Virtual ms. */
  t: number;
  text: string;
}

export interface FirmwareError {
  t: number;
  /** Where it was thrown: "boot code", "timer 3", "watch A0", "E.on('init')", … */
  source: string;
  message: string;
  stack: string;
}

export interface SystemCall {
  t: number;
  /** "E.setPassword", "USB.setConsole", "setDeepSleep", … */
  name: string;
  args: unknown[];
}

type Listener<T> = (entry: T) => void;

export class BoardLog {
  readonly console: ConsoleLine[] = [];
  readonly errors: FirmwareError[] = [];
  readonly calls: SystemCall[] = [];
  private consoleListeners: Listener<ConsoleLine>[] = [];
  private errorListeners: Listener<FirmwareError>[] = [];

  print(t: number, text: string): void {
    for (const line of text.split("\n")) {
      const entry = { t, text: line };
      this.console.push(entry);
      for (const fn of this.consoleListeners) fn(entry);
    }
  }

  error(entry: FirmwareError): void {
    this.errors.push(entry);
    for (const fn of this.errorListeners) fn(entry);
    this.print(entry.t, `Uncaught ${entry.message}`);
  }

  call(t: number, name: string, args: unknown[]): void {
    this.calls.push({ t, name, args });
  }

  /** All console output as one string, lines joined with "\n". */
  consoleText(): string {
    return this.console.map((l) => l.text).join("\n");
  }

  onConsole(fn: Listener<ConsoleLine>): () => void {
    this.consoleListeners.push(fn);
    return () => this.consoleListeners.splice(this.consoleListeners.indexOf(fn), 1);
  }

  onError(fn: Listener<FirmwareError>): () => void {
    this.errorListeners.push(fn);
    return () => this.errorListeners.splice(this.errorListeners.indexOf(fn), 1);
  }
}
