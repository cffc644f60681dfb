#include "cli/Usage.h"

namespace clw::app {

QString versionText() {
    return QStringLiteral("clworkbench " CLW_VERSION_STRING);
}

QString usageText() {
    return QStringLiteral(
        "Usage: clworkbench [VERB] [OPTIONS]\n"
        "\n"
        "CL Workbench: write, build, run and inspect OpenCL kernels.\n"
        "Without a verb, opens the workbench window.\n"
        "\n"
        "Verbs:\n"
        "  devices [--json] [--all]   List every OpenCL platform and device with its main\n"
        "                             properties and characterization, then the ICD loader's\n"
        "                             properties and NULL platform behavior. --json prints the\n"
        "                             clworkbench.devices schema (docs/devices-schema.md);\n"
        "                             --all adds every property and the image formats.\n"
        "  bench [--device NAME] [--json] [--quick]\n"
        "                             Measure the device's peaks as clpeak does: global memory\n"
        "                             bandwidth, compute, transfers, launch latency; progress\n"
        "                             on stderr. --json prints docs/bench-schema.md; --quick\n"
        "                             runs small sizes (rough figures, about a second).\n"
        "  sample [--device NAME]     Build and run the sample kernel vector_add.cl\n"
        "                             (c[i] = a[i] + b[i], 16 floats) and print the result.\n"
        "  build FILE.cl [--device NAME] [--options \"...\"] [-I DIR]...\n"
        "                             Build a kernel file through the binary cache and print\n"
        "                             diagnostics as file:line:col: severity: message.\n"
        "                             CLW_BUILD_OPTIONS is appended to the options.\n"
        "  run SESSION.clwb [--device NAME] [--out DIR] [--isolate]\n"
        "                             Run a session headless (docs/session-format.md): build\n"
        "                             it, fill its buffers, run its launches in order and\n"
        "                             print each launch's timings (min/median/max). --out\n"
        "                             writes every output buffer as DIR/<buffer>.npy. A path\n"
        "                             starting with :/samples/ runs a built-in sample.\n"
        "                             --isolate runs it in a device host (clworkbench-host)\n"
        "                             as the workbench does: the same lines, the kernels'\n"
        "                             printf output, and the session's watchdog limits (a\n"
        "                             launch 10 s, a build 120 s by default); a driver crash\n"
        "                             or a launch past its limit ends the host and the run\n"
        "                             fails with status 1, saying how the host ended.\n"
        "  cache list|stats|clear [--folder DIR]\n"
        "                             The program binary cache: its entries with the key\n"
        "                             fields that explain each, its totals, or emptying it.\n"
        "                             CLW_NO_CACHE=1 turns the cache off for builds;\n"
        "                             CLW_DRIVER_CACHE=engine|driver picks who answers warm\n"
        "                             builds (default: the driver's own cache where it is\n"
        "                             the faster, as NVIDIA's; else the engine's binary).\n"
        "\n"
        "Options:\n"
        "  --device NAME              A device whose name or platform name contains NAME\n"
        "                             (case-insensitive). Default: the first GPU, else the\n"
        "                             first device; never the Oclgrind simulator while\n"
        "                             another device is there (--device Oclgrind picks it).\n"
        "  -h, --help                 Print this help and exit.\n"
        "  -v, --version              Print the version and exit.\n"
        "\n"
        "Exit status: 0 on success, 1 when the work failed, 2 on a usage error.\n");
}

} // namespace clw::app
