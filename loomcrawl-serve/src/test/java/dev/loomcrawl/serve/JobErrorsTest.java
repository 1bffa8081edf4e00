package dev.loomcrawl.serve;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What a job's caller reads of its failure: no Java class name, no path of the server, no command-line advice. */
class JobErrorsTest {
    private final Path data = Path.of("/srv/loomcrawl-data");
    private final Path job = data.resolve("jobs/1234");

    @Test
    void aFailureWithoutAMessageSaysTheLogHasIt() {
        // seen before: "java.lang.NullPointerException" reached the job's error
        assertEquals("the job failed; the server's log says why",
                JobErrors.spoken(new NullPointerException(), data, job));
        assertEquals("the job failed; the server's log says why",
                JobErrors.spoken(new IllegalStateException((String) null), data, job));
    }

    @Test
    void aFailuresPathsAreTheServersFolders() {
        assertEquals("cannot write the job's folder/warc-00000.warc.gz: No space left on device",
                JobErrors.spoken(new IllegalStateException("cannot write " + job.toAbsolutePath()
                        + "/warc-00000.warc.gz: No space left on device"), data, job));
    }
}
