// README.md of a reproducer folder: how to run both runners and what their results mean.
#include "ReproducerReadme.h"

namespace clw::engine::reproducer {

std::string readme(const CapturedLaunch& launch) {
    std::string text = "# Reproducer: kernel `" + launch.kernelName + "`\n\n";
    text += "Exported by CL Workbench from a launch on " + launch.deviceName + " (" +
            launch.platformName + "). Everything the launch used is in this folder:\n\n";
    text += R"MD(| file | what |
|---|---|
| `kernel.cl` and its headers | the program's source, built with the options in `launch.json` |
| `launch.json` | kernel, options, geometry and arguments (format `clworkbench.reproducer`, version 1) |
| `argN_<name>.npy` | each buffer and image as it was before the launch |
| `argN_<name>_expected.npy` | the same after the launch, as the workbench saw it |
| `run.py` | the launch with PyOpenCL and NumPy |
| `main.cpp`, `CMakeLists.txt` | the launch in C++17 with the plain OpenCL C API |

## Python

    python3 run.py [DEVICE]

Needs PyOpenCL and NumPy (Debian and Ubuntu: `apt install python3-pyopencl python3-numpy`;
elsewhere `pip install pyopencl numpy`).

## C++

    cmake -S . -B build
    cmake --build build
    ./build/reproduce [DEVICE]

Needs CMake 3.10 or later, a C++17 compiler, and the OpenCL headers and ICD loader (Debian and
Ubuntu: `apt install opencl-headers ocl-icd-opencl-dev`). The program reads its files from the
folder it was configured from; set `CLW_REPRODUCER_DIR` to read them from elsewhere.

## Device and results

`DEVICE` is a substring of the platform or device name, case-insensitive; without it
`$CLW_DEVICE`, else the first device found.

- Exit 0 and `reproduced: N arguments match`: every buffer and image holds what the workbench
  saw after the launch.
- Exit 1: each argument that differs is named with the count of differing values and the first
  of them; what the run wrote is saved in `got/argN_<name>_got.npy`.
- Exit 2: the launch could not be run (no device, a build error, a missing file).

Integers compare exactly. Floats match when they are bit-identical, both NaN, at most `ulps`
(4) units in the last place apart, or within a relative difference of `rtol` (1e-5):
|got - expected| <= rtol * max(|got|, |expected|). Both are in `launch.json` under
`tolerance`.

Both runners read `launch.json` and the `.npy` files when they start: edit the global or local
size, the options or the input data there to explore.
)MD";
    return text;
}

} // namespace clw::engine::reproducer
