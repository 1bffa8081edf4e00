package dev.loomcrawl.frontier;

import java.time.Duration;

/** The frontier contract on the in-memory frontier. */
class InMemoryFrontierContractTest extends FrontierContract {
    @Override
    protected Frontier open(int perOrigin) {
        return new InMemoryFrontier(perOrigin, Duration.ZERO);
    }

    @Override
    protected boolean shared() {
        return false;
    }
}
