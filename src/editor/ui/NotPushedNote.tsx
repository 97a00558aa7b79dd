/**
 * "Not pushed yet" (docs/studio.md, "Several hosts"): with CONTENT_GIT_REMOTE set, the studio
 * pushes each publish to the other hosts in the background; while some are not there yet, or
 * publishing is stopped because the histories diverged, the editor says so. Nothing shows on a
 * studio without a remote, nor once everything is pushed.
 */
import { Flex, Text } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import type { HostsStatus } from "../../../schemas/studio-publish.ts";
import { call } from "../../studio/client.ts";
import { when } from "../../studio/ui/when.ts";
import { texts } from "../texts.ts";

/** Asked this often while the editor is open: a push is retried every 5 s to 5 min. */
export const HOSTS_POLL_MS = 15_000;

/** GET /api/studio/publish/status without a commit: how the studio's commits stand with the remote. */
export function useHostsStatus(pollMs = HOSTS_POLL_MS): HostsStatus | null {
  const [hosts, setHosts] = useState<HostsStatus | null>(null);
  useEffect(() => {
    let current = true;
    const ask = () => void call<{ hosts: HostsStatus | null }>("GET", "/publish/status").then((result) => current && result.ok && setHosts(result.data.hosts));
    ask();
    const timer = setInterval(ask, pollMs);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [pollMs]);
  return hosts;
}

export function NotPushedView({ hosts }: { hosts: HostsStatus | null }) {
  const t = texts.studio.notPushed;
  if (!hosts) return null;
  if (hosts.stopped) {
    return (
      <Flex role="alert" direction="column" px="4" py="2" bg="red.50" borderBottomWidth="1px" borderColor="red.200" data-testid="not-pushed">
        <Text fontSize="sm" fontWeight="semibold" color="red.900">
          {hosts.stopped.title}
        </Text>
        <Text fontSize="sm" color="red.900">
          {hosts.stopped.message} {hosts.stopped.hint}
        </Text>
      </Flex>
    );
  }
  if (hosts.unpushed === 0) return null;
  return (
    <Flex role="status" direction="column" px="4" py="2" bg="orange.50" borderBottomWidth="1px" borderColor="orange.200" data-testid="not-pushed">
      <Text fontSize="sm" color="orange.950">
        {t.text(hosts.unpushed, hosts.remote, hosts.oldest ? when(hosts.oldest.date) : undefined)}
      </Text>
      {hosts.lastError && (
        <Text fontSize="xs" color="gray.800">
          {t.retrying(hosts.nextAttemptAt ? new Date(hosts.nextAttemptAt).toLocaleTimeString() : undefined)} {hosts.lastError}
        </Text>
      )}
    </Flex>
  );
}

export function NotPushedNote() {
  return <NotPushedView hosts={useHostsStatus()} />;
}
