import { Box } from "@chakra-ui/react";
import { useEffect, useRef } from "react";

/** A thin bar at the top showing how far the page is scrolled. Updates the DOM directly, no re-render per frame. */
export function ScrollProgress() {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const max = document.documentElement.scrollHeight - window.innerHeight;
      const progress = max > 0 ? Math.min(1, window.scrollY / max) : 0;
      if (bar.current) {
        bar.current.style.transform = `scaleX(${progress})`;
        bar.current.setAttribute("aria-valuenow", String(Math.round(progress * 100)));
      }
    };
    const onScroll = () => (frame ||= requestAnimationFrame(update));
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll);
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);
  return (
    <Box
      ref={bar}
      role="progressbar"
      aria-label="Reading progress"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={0}
      data-testid="scroll-progress"
      position="fixed"
      top="0"
      insetStart="0"
      w="100%"
      h="3px"
      bg="accent"
      transformOrigin="left"
      transform="scaleX(0)"
      zIndex="banner"
      pointerEvents="none"
    />
  );
}
