package dev.loomcrawl.internal.journal;

import dev.loomcrawl.internal.journal.JournalWriter;
import dev.loomcrawl.reason.SkipReason;
import dev.loomcrawl.output.CommittedOutput;
import dev.loomcrawl.result.CrawlRecord;
import dev.loomcrawl.result.FinishedUrl;
import dev.loomcrawl.url.WebUrl;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The journal's writer thread and its waiters: a worker returns from {@code finished} only once its part is written,
 * whether the thread was looking for entries again ({@link JournalWriter#DOZE}) or asleep until woken.
 */
class JournalWriterTest {

    private static FinishedUrl finished(int i) {
        WebUrl url = WebUrl.parse("http://example.test/" + i);
        return FinishedUrl.of(CrawlRecord.skipped(url, i, null, SkipReason.ROBOTS));
    }

    /** An output that keeps what it wrote (the depth of each record), taking {@code pause} per write. */
    private static CommittedOutput<Integer> keeping(Set<Integer> written, Duration pause) {
        return new CommittedOutput<>() {
            @Override
            public Integer prepare(FinishedUrl finished) {
                return finished.record().depth();
            }

            @Override
            public String write(List<Integer> prepared, boolean force) {
                try {
                    Thread.sleep(pause);
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                written.addAll(prepared);
                return "";
            }
        };
    }

    @Test
    void eachWorkerReturnsOnlyOnceItsPartIsWrittenInBurstsAndAfterTheWriterSlept() {
        Set<Integer> written = ConcurrentHashMap.newKeySet();
        JournalWriter<Void> journal = new JournalWriter<>(JournalWriter.Backing.NONE);
        journal.add("kept", keeping(written, Duration.ZERO));
        AtomicInteger early = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            // three bursts of 200 workers, with pauses longer than the writer's looks (it sleeps, and an append
            // must wake it), and between the bursts one worker alone
            for (int burst = 0; burst < 3; burst++) {
                List<Thread> workers = new ArrayList<>();
                for (int w = 0; w < 200; w++) {
                    int i = burst * 1000 + w;
                    workers.add(Thread.ofVirtual().start(() -> {
                        if (!journal.finished(i, finished(i))) refused.incrementAndGet();
                        else if (!written.contains(i)) early.incrementAndGet();
                    }));
                }
                for (Thread t : workers) t.join();
                Thread.sleep(TimeUnit.NANOSECONDS.toMillis(JournalWriter.DOZE) * 30);
                int alone = burst * 1000 + 999;
                assertTrue(journal.finished(alone, finished(alone)), "a lone entry after the writer slept");
                assertTrue(written.contains(alone), "written before finished returned");
                Thread.sleep(TimeUnit.NANOSECONDS.toMillis(JournalWriter.DOZE) * 30);
            }
            journal.close();
        });
        assertEquals(0, refused.get(), "entries refused");
        assertEquals(0, early.get(), "workers that returned before their part was written");
        assertEquals(603, written.size());
    }

    @Test
    void anInterruptedWorkerStillWaitsForItsCommitAndKeepsItsInterrupt() {
        Set<Integer> written = ConcurrentHashMap.newKeySet();
        JournalWriter<Void> journal = new JournalWriter<>(JournalWriter.Backing.NONE);
        journal.add("slow", keeping(written, Duration.ofMillis(200)));
        AtomicBoolean result = new AtomicBoolean();
        AtomicBoolean writtenOnReturn = new AtomicBoolean();
        AtomicBoolean stillInterrupted = new AtomicBoolean();
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            for (Thread.Builder builder : List.of(Thread.ofPlatform(), Thread.ofVirtual())) {
                written.clear();
                Thread worker = builder.start(() -> {
                    Thread.currentThread().interrupt();
                    result.set(journal.finished(7, finished(7)));
                    writtenOnReturn.set(written.contains(7));
                    stillInterrupted.set(Thread.currentThread().isInterrupted());
                });
                worker.join();
                assertTrue(result.get(), "committed");
                assertTrue(writtenOnReturn.get(), "the worker waited for the slow write");
                assertTrue(stillInterrupted.get(), "the interrupt is kept for the caller");
            }
            journal.close();
        });
    }
}
