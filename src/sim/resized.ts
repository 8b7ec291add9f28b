/** `from`'s contents copied into the start of `to`, a larger array of the same kind: how the engine's typed columns grow. */
export function resized<T extends Int32Array | Uint8Array | Float64Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
