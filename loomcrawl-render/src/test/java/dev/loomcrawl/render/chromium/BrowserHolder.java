package dev.loomcrawl.render.chromium;

/**
 * A JVM that starts a renderer's browser, prints the browser's process id and waits to be stopped, without ever
 * closing the renderer: for {@link OrphanBrowserTest} to stop it as a user or a system would.
 */
public final class BrowserHolder {
    private BrowserHolder() {}

    public static void main(String[] args) throws InterruptedException {
        ChromiumRenderer renderer = ChromiumRenderer.start(RenderSettings.everyPage());
        System.out.println(renderer.browserPid());
        System.out.flush();
        Thread.sleep(120_000);
    }
}
