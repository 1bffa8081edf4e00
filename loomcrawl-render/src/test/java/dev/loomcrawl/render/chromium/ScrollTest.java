package dev.loomcrawl.render.chromium;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Duration;

import static dev.loomcrawl.render.chromium.DevTools.JSON;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The render's own scroll script, run in a tab of Debian's Chromium with the page's timers counted. */
class ScrollTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @BeforeAll
    static void needsChromium() {
        assumeTrue(ChromiumRenderer.find() != null, "Chromium is not installed (scripts/test-deps.sh installs it)");
    }

    /**
     * Its fallback timer (for frames that never come) is not left pending once the frames came: the page's short
     * timers are waited for before it counts as settled, and before, that one made every scroll wait a second.
     */
    @Test
    void aScrollLeavesNoTimerOfItsOwnPending() throws IOException {
        try (Chromium chromium = Chromium.start(ChromiumRenderer.find(), TIMEOUT, 1)) {
            Tab tab = chromium.tab(TIMEOUT);
            evaluate(tab, Tab.TIMERS); // as a page has it before its own scripts run
            assertEquals(0, evaluate(tab, TabRender.TIMERS_PENDING).asInt());
            evaluate(tab, TabRender.SCROLL);
            assertEquals(0, evaluate(tab, TabRender.TIMERS_PENDING).asInt(), "timers pending after the scroll");
        }
    }

    private static JsonNode evaluate(Tab tab, String expression) {
        return tab.call("Runtime.evaluate", JSON.createObjectNode().put("expression", expression)
                .put("returnByValue", true).put("awaitPromise", true)).path("result").path("value");
    }
}
