package dev.loomcrawl.frontier;

import java.time.Duration;

/** The in-memory frontier holds to the frontier contract; every hook keeps its default (local, not durable). */
class InMemoryFrontierContractTest extends FrontierContract {
    @Override
    protected Frontier open(int perOrigin, Duration delay) {
        return new InMemoryFrontier(perOrigin, delay);
    }
}
