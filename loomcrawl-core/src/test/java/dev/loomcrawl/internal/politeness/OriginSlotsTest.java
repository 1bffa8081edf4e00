package dev.loomcrawl.internal.politeness;

import dev.loomcrawl.internal.politeness.OriginSlots;
import dev.loomcrawl.url.Origin;
import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The slots and gap that browser requests and page fetches share while pages are rendered. */
class OriginSlotsTest {
    private static final Origin ORIGIN = WebUrl.parse("http://a.test/").origin();

    @Test
    void waitersRefusedForTheirTurnDoNotPushTheOriginsStartsLater() throws Exception {
        OriginSlots slots = new OriginSlots(2, origin -> Duration.ofMillis(300));
        assertEquals(OriginSlots.Taken.YES, slots.take(ORIGIN, Duration.ofSeconds(5), () -> false)); // starts now
        for (int i = 0; i < 5; i++) { // the next start is 300 ms away: past each of these waits
            assertEquals(OriginSlots.Taken.TIMED_OUT, slots.take(ORIGIN, Duration.ofMillis(10), () -> false));
        }
        // the next start is still within 300 ms of the first; refused waiters had pushed it 1.5 s later
        long before = System.nanoTime();
        assertEquals(OriginSlots.Taken.YES, slots.take(ORIGIN, Duration.ofMillis(900), () -> false));
        assertEquals(true, System.nanoTime() - before < Duration.ofMillis(900).toNanos());
    }

    @Test
    void aWaiterThatGivesUpGivesItsTurnBack() throws Exception {
        OriginSlots slots = new OriginSlots(3, origin -> Duration.ofMillis(400));
        assertEquals(OriginSlots.Taken.YES, slots.take(ORIGIN, Duration.ofSeconds(5), () -> false));
        assertEquals(OriginSlots.Taken.ABANDONED, slots.take(ORIGIN, Duration.ofSeconds(5), () -> true));
        // the abandoned turn was the one 400 ms away: the next waiter takes it, not the one after (800 ms)
        assertEquals(OriginSlots.Taken.YES, slots.take(ORIGIN, Duration.ofMillis(700), () -> false));
    }
}
