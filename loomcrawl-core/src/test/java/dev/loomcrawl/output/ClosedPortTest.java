package dev.loomcrawl.output;

import org.junit.jupiter.api.Test;

import java.net.BindException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;

import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The "closed port" the tests link to stays closed while they run: a port picked by binding a socket and closing it
 * again was free for any other process, and another build's test server took it once (WarcOutputTest then found an
 * answer where it expected a refused connection).
 */
class ClosedPortTest {
    @Test
    void aClosedPortRefusesConnectionsAndNoServerCanTakeIt() {
        InetAddress loopback = InetAddress.getLoopbackAddress();
        int port = Crawls.closedPort();
        assertThrows(ConnectException.class, () -> new Socket(loopback, port).close());
        // what another process's server would do (the JDK's ServerSocket reuses addresses, as Jetty's does)
        assertThrows(BindException.class, () -> new ServerSocket(port, 50, loopback).close());
        assertThrows(ConnectException.class, () -> new Socket(loopback, port).close());
    }
}
