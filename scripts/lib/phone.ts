/** A page throttled like Lighthouse's phone: 4x CPU slowdown, slow 4G (150 ms round trip, 1.6 Mbit/s down). */
import type { CDPSession } from "@playwright/test";

export async function throttleLikeAPhone(cdp: CDPSession) {
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}
