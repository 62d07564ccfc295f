/**
 * The virtual Espruino board: load dist/firmware.js unchanged on a simulated board profile.
 * See virtual-board.ts for the facade; the pieces are exported for the UI, the headless runner
 * and tests. Platform-neutral: the host (host.ts) is Node's (sim/node/host.ts) or the
 * browser's (sim/web/page/host.ts).
 */
export { createVirtualBoard, VirtualBoard } from "./virtual-board";
export type { BoardHost, FlashBacking, Realm } from "./host";
export { memoryFlash } from "./host";
export type { KeyOptions, KeyRef, MemoryEstimate, PinReading, SleepState, VirtualBoardOptions } from "./virtual-board";
export { VirtualClock } from "./clock";
export type { TaskId } from "./clock";
export { RealTimePacer } from "./pacer";
export type { PacerOptions } from "./pacer";
export { boardFamily, canonicalPin } from "./board-family";
export type { BoardFamily, OnBoardButton } from "./board-family";
export { buildLayout } from "./circuit-layout";
export type { CircuitLayout, SwitchWiring } from "./circuit-layout";
export { Circuit } from "./circuit";
export type { CircuitFault, PinState, Pwm } from "./circuit";
export type { LedReading } from "./leds";
export type { ToneEvent } from "./piezo";
export type { ConsoleLine, FirmwareError, SystemCall } from "./board-log";
export { FlashStorage, MAX_NAME_LENGTH, PowerCutSignal } from "./flash-storage";
export type { StorageStats, WriteCut } from "./flash-storage";
export { espruinoStringify, liberalToStrictJson } from "./storage-json";
export { BOOT_FILES, MISSING_GLOBALS, MISSING_MEMBERS } from "./runtime";
export type { MemoryReport } from "./runtime";
export type { PinMode } from "./pin-modes";
export { createRng } from "./rng";
export type { Rng } from "./rng";
