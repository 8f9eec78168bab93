/// <reference lib="webworker" />
// The service worker's Background Sync push as a classic script of its own: sw.ts imports it with
// `?worker&url`, so Vite bundles it (Dexie, the sync engine, postgrest-js) as an IIFE beside the worker.
// Evaluating it only leaves the push on the global scope; nothing runs until a sync event calls it
// (lazyBackgroundPush in background-sync.ts).
import { pushFromServiceWorker } from '../src/sync/background-push.ts';
import { BACKGROUND_PUSH_GLOBAL, type BackgroundPushScope } from './background-sync.ts';

declare const self: ServiceWorkerGlobalScope & BackgroundPushScope;

self[BACKGROUND_PUSH_GLOBAL] = pushFromServiceWorker;
