package dev.loomcrawl.internal.frontier;

import dev.loomcrawl.frontier.FrontierContract;
import dev.loomcrawl.frontier.Frontier;
import dev.loomcrawl.internal.frontier.InMemoryFrontier;
import java.time.Duration;

/** The in-memory frontier holds to the frontier contract; every hook keeps its default (local, not durable). */
class InMemoryFrontierContractTest extends FrontierContract {
    @Override
    protected Frontier open(int perOrigin, Duration delay) {
        return new InMemoryFrontier(perOrigin, delay);
    }
}
