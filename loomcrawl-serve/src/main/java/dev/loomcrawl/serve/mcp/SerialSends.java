package dev.loomcrawl.serve.mcp;

import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransport;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import reactor.core.publisher.Mono;

import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A server transport whose sessions send one message at a time. The SDK's stdio transport (mcp-core 2.1.0) puts
 * each outgoing message into a sink that takes one sender at a time and lets another spin for at most 100 ms
 * (modelcontextprotocol/java-sdk#304, #686); a sender that loses the CPU there (a virtual thread waiting for a
 * carrier, a busy machine) makes the other's message fail with "Failed to enqueue message", and a tool's result so
 * dropped leaves the client waiting until its own timeout. A tool's progress comes from the crawl's threads while the
 * SDK answers another call, so here each session's sends wait their turn on a lock instead (no deadline: a send only
 * hands the message to the transport's writer thread; the writing to standard output is not under the lock).
 * Decision 49.
 */
final class SerialSends implements McpServerTransportProvider {
    /** How long a send waits for the transport to be ready to take it, at most (it is, once a request has come). */
    private static final long READY_SECONDS = 30;

    private final McpServerTransportProvider delegate;

    SerialSends(McpServerTransportProvider delegate) {
        this.delegate = delegate;
    }

    @Override
    public void setSessionFactory(McpServerSession.Factory factory) {
        delegate.setSessionFactory(transport -> factory.create(new Session(transport)));
    }

    @Override
    public Mono<Void> notifyClients(String method, Object params) {
        return delegate.notifyClients(method, params);
    }

    @Override
    public Mono<Void> notifyClient(String sessionId, String method, Object params) {
        return delegate.notifyClient(sessionId, method, params);
    }

    @Override
    public Mono<Void> closeGracefully() {
        return delegate.closeGracefully();
    }

    @Override
    public void close() {
        delegate.close();
    }

    @Override
    public List<String> protocolVersions() {
        return delegate.protocolVersions();
    }

    private static final class Session implements McpServerTransport {
        private final McpServerTransport transport;
        private final ReentrantLock turn = new ReentrantLock();

        Session(McpServerTransport transport) {
            this.transport = transport;
        }

        @Override
        public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
            return Mono.fromRunnable(() -> {
                turn.lock();
                try {
                    transport.sendMessage(message).toFuture().get(READY_SECONDS, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while sending a message", e);
                } catch (ExecutionException e) {
                    throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
                } catch (TimeoutException e) {
                    throw new IllegalStateException("the transport took no message for " + READY_SECONDS + " s");
                } finally {
                    turn.unlock();
                }
            });
        }

        @Override
        public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
            return transport.unmarshalFrom(data, type);
        }

        @Override
        public Mono<Void> closeGracefully() {
            return transport.closeGracefully();
        }

        @Override
        public void close() {
            transport.close();
        }

        @Override
        public List<String> protocolVersions() {
            return transport.protocolVersions();
        }
    }
}
