package dev.loomcrawl.internal.frontier;

import dev.loomcrawl.frontier.FrontierContract;
import dev.loomcrawl.frontier.Frontier;
import dev.loomcrawl.internal.frontier.SpillingFrontier;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;

/**
 * The spilling frontier holds to the frontier contract with a window of three visits, so that nearly every visit of
 * the contract's tests goes to disk and back; every hook keeps its default (local, not durable).
 */
class SpillingFrontierContractTest extends FrontierContract {
    @TempDir
    Path spillDir;

    @Override
    protected Frontier open(int perOrigin, Duration delay) {
        return new SpillingFrontier(perOrigin, delay, 3, spillDir);
    }
}
