package dev.loomcrawl.serve.mcp;

import dev.loomcrawl.serve.Service;
import io.modelcontextprotocol.spec.McpSchema;

import java.util.Map;

/** {@code crawl_cancel}: stops a crawl job; the pages it has done stay readable with crawl_status. */
final class CrawlCancelTool implements Tool {
    private final Service service;

    CrawlCancelTool(Service service) {
        this.service = service;
    }

    @Override
    public McpSchema.Tool definition() {
        return McpSchema.Tool.builder().name("crawl_cancel").title("Stop a crawl")
                .description("Stop a crawl started with crawl. The pages it has crawled so far stay readable with "
                        + "crawl_status. A crawl that has finished already is left as it is.")
                .inputSchema(new Schemas().property("id", "string", "The crawl's id, from crawl.").required("id")
                        .build())
                .annotations(new McpSchema.ToolAnnotations("Stop a crawl", false, true, true, false, null))
                .build();
    }

    @Override
    public Result call(ToolCall call) {
        String id = call.string("id");
        String state = service.cancel(id);
        return new Result("Crawl " + id + " is " + state + ".", Map.of("id", id, "state", state));
    }
}
