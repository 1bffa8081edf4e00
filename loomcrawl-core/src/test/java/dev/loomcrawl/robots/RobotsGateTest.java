package dev.loomcrawl.robots;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RobotsGateTest {
    @Test
    void theAgentTokenIsTheUserAgentsFirstProductName() {
        assertEquals("loomcrawl", RobotsGate.agentToken("loomcrawl/0.1.0 (+https://github.com/loomcrawl/loomcrawl)"));
        assertEquals("mybot", RobotsGate.agentToken("MyBot/2.0"));
        assertEquals("my-bot", RobotsGate.agentToken("My-Bot"));
        assertEquals("loomcrawl", RobotsGate.agentToken("/1.0"));
    }
}
