// Built-ins that Espruino provides beyond the restricted ES5 lib used to type-check src/.
// Only what docs/espruino.md lists as working may be declared here.
interface Array<T> {
  find(predicate: (value: T, index: number, obj: T[]) => unknown): T | undefined;
  findIndex(predicate: (value: T, index: number, obj: T[]) => unknown): number;
  fill(value: T, start?: number, end?: number): this;
}
interface String {
  startsWith(searchString: string, position?: number): boolean;
  endsWith(searchString: string, endPosition?: number): boolean;
  repeat(count: number): string;
}
interface ObjectConstructor {
  assign<T extends object, U>(target: T, source: U): T & U;
}
