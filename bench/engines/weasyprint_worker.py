# Long-lived WeasyPrint worker for the benchmark: one JSON request per line on stdin
# ({"html": path, "out": path}), one JSON reply per line on stdout. Keeps WeasyPrint warm, so
# the suite measures its rendering, not Python start-up.
import json
import resource
import sys
import time

import weasyprint

for line in sys.stdin:
    req = json.loads(line)
    cpu = time.process_time()
    try:
        doc = weasyprint.HTML(filename=req["html"]).render()
        doc.write_pdf(req["out"], variant="pdf/ua-1")
        reply = {"pages": len(doc.pages), "cpu_ms": (time.process_time() - cpu) * 1000}
    except Exception as e:  # report and keep serving
        reply = {"error": str(e)}
    reply["maxrss_kb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()
