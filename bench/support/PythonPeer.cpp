#include "PythonPeer.h"

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace clw::bench {

const char* const kPickDevicePython = R"PY(
import os, sys, time
import pyopencl as cl

def pick_device():
    wanted = os.environ.get("CLW_BENCH_DEVICE", "").lower()
    for platform in cl.get_platforms():
        for device in platform.get_devices():
            if wanted in device.name.lower() or wanted in platform.name.lower():
                return device
    sys.exit("no device matching " + wanted)
)PY";

std::optional<std::map<std::string, double>> runPythonPeer(const std::string& script,
                                                           const std::string& deviceName) {
    // mkstemps fills in the six X's; the folder is the system's temporary one (TMPDIR).
    std::string pattern =
        (std::filesystem::temp_directory_path() / "clw_bench_peer_XXXXXX.py").string();
    char* path = pattern.data();
    const int fd = mkstemps(path, 3);
    if (fd < 0) {
        std::perror("mkstemps");
        return std::nullopt;
    }
    close(fd);
    {
        std::ofstream file(path);
        file << kPickDevicePython << script;
    }
    setenv("CLW_BENCH_DEVICE", deviceName.c_str(), 1);
    // CLW_PYTHON names an interpreter with PyOpenCL; else Debian's, where python3-pyopencl lives,
    // before whatever python3 is first on PATH.
    const char* python = std::getenv("CLW_PYTHON");
    if (!python || !*python)
        python = access("/usr/bin/python3", X_OK) == 0 ? "/usr/bin/python3" : "python3";
    const std::string command = std::string(python) + " " + path;
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) {
        std::perror("popen");
        std::remove(path);
        return std::nullopt;
    }
    std::map<std::string, double> values;
    std::array<char, 512> line{};
    while (std::fgets(line.data(), int(line.size()), pipe)) {
        std::istringstream parts(line.data());
        std::string name;
        double value = 0;
        if (parts >> name >> value)
            values[name] = value;
    }
    const int status = pclose(pipe);
    std::remove(path);
    if (status != 0) {
        std::fprintf(stderr,
                     "the PyOpenCL peer failed (exit status %d): is python3-pyopencl "
                     "installed (scripts/setup)?\n",
                     status);
        return std::nullopt;
    }
    return values;
}

} // namespace clw::bench
