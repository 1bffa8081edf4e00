package dev.loomcrawl.embed;

import ai.onnxruntime.OrtEnvironment;

import java.io.InputStream;

/**
 * A JVM for {@link EnvironmentAtExitTest}: loads the model ({@code model}) or only ONNX Runtime ({@code runtime}),
 * then exits; a shutdown hook of its own, which runs beside the binding's, makes a session of the model half a second
 * in, and says whether the runtime's environment was still there.
 */
public final class ExitProbe {
    private ExitProbe() {}

    public static void main(String[] args) throws Exception {
        if (args[0].equals("model")) {
            new BgeSmall();
        } else {
            OrtEnvironment.getEnvironment();
        }
        byte[] model;
        try (InputStream in = ExitProbe.class.getClassLoader().getResourceAsStream("bge-small-en-v1.5-q.onnx")) {
            model = in.readAllBytes();
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                Thread.sleep(500); // the binding's hook has released its environment by now
                OrtEnvironment.getEnvironment().createSession(model).close();
                System.out.println("environment held");
            } catch (Exception e) {
                System.out.println("environment gone: " + e.getMessage());
            }
        }));
        System.exit(0);
    }
}
