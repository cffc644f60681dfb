#include "BenchmarkKernels.h"

namespace clw::engine::detail {

namespace {

std::string typeName(const std::string& scalar, int width) {
    return width == 1 ? scalar : scalar + std::to_string(width);
}

const char* const kDigits = "0123456789abcdef";

// "s.s0 + s.s1 + ...": components first to last - 1 of a vector, summed.
std::string componentRange(const std::string& variable, int first, int last) {
    std::string sum;
    for (int i = first; i < last; ++i)
        sum += std::string(i > first ? " + " : "") + variable + ".s" + kDigits[i];
    return sum;
}

// Statements storing the sum of a vector's components to out[get_global_id(0)]. The shape of the
// sum follows clpeak's: it changes how a compiler schedules the loads before it (NVIDIA's float16
// bandwidth kernel ran 20 % slower with one 16-term sum than with two 8-term ones on an H100).
std::string storeSum(const std::string& scalar, const std::string& variable, int width,
                     bool pairwise) {
    const std::string target = "    out[get_global_id(0)] = ";
    if (width == 1)
        return target + variable + ";\n";
    if (width < 16)
        return target + componentRange(variable, 0, width) + ";\n";
    if (!pairwise)
        return "    " + scalar + " t = " + componentRange(variable, 0, 8) +
               ";\n    t += " + componentRange(variable, 8, 16) + ";\n" + target + "t;\n";
    std::string pairs;
    for (int i = 0; i < 16; i += 2)
        pairs += std::string(i ? " + " : "") + variable + ".s" + kDigits[i] + kDigits[i + 1];
    return "    " + scalar + "2 t = " + pairs + ";\n" + target + "t.s0 + t.s1;\n";
}

// Dependent multiply-adds per work-item: 16 per round, rounds shrinking with the width so that
// every width does the same scalar work (clpeak's MAD_16 chains).
int computeRounds(const std::string& scalar, int width) {
    return (scalar == "int" ? 64 : 128) / width;
}

std::string madChain(const std::string& scalar) {
    // Each statement depends on the one before, so that the compiler can neither drop nor
    // reorder them; vector lanes are the only parallelism within a work-item.
    const bool integer = scalar == "int";
    const std::string xy = integer ? "x = (y * x) + y; " : "x = mad(y, x, y); ";
    const std::string yx = integer ? "y = (x * y) + x; " : "y = mad(x, y, x); ";
    std::string chain;
    for (int i = 0; i < 8; ++i)
        chain += xy + yx;
    return chain;
}

} // namespace

std::string bandwidthSource() {
    std::string source;
    for (int width : kBenchmarkWidths) {
        const std::string type = typeName("float", width);
        for (const char* kind : {"local", "global"}) {
            const bool local = std::string(kind) == "local";
            const std::string step = local ? "get_local_size(0)" : "get_global_size(0)";
            const std::string start = local ? "get_group_id(0) * get_local_size(0) * " +
                                                  std::to_string(kFetchesPerWorkItem) +
                                                  " + get_local_id(0)"
                                            : std::string("get_global_id(0)");
            std::string fetches;
            for (int i = 0; i < 4; ++i)
                fetches += "sum += in[i]; i += " + step + "; ";
            source += "__kernel void bandwidth_" + std::string(kind) + "_" + std::to_string(width) +
                      "(__global " + type +
                      "* in, __global float* out) {\n"
                      "    int i = " +
                      start + ";\n    " + type + " sum = 0;\n" +
                      "    for (int r = 0; r < 4; r++) { " + fetches + "}\n" +
                      storeSum("float", "sum", width, false) + "}\n";
        }
    }
    return source;
}

std::string computeSource(const std::string& scalar) {
    std::string source;
    if (scalar == "double")
        source += "#if defined(cl_khr_fp64)\n#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
                  "#elif defined(cl_amd_fp64)\n#pragma OPENCL EXTENSION cl_amd_fp64 : enable\n"
                  "#endif\n";
    const std::string chain = madChain(scalar);
    for (int width : kBenchmarkWidths) {
        const std::string type = typeName(scalar, width);
        std::string init = "(" + type + ")(";
        for (int i = 0; i < width; ++i)
            init += std::string(i ? ", " : "") + "a + " + std::to_string(i);
        init += ")";
        source += "__kernel void compute_" + std::to_string(width) + "(__global " + scalar +
                  "* out, " + scalar + " a) {\n    " + type + " x = " + init + ";\n    " + type +
                  " y = (" + type + ")get_local_id(0);\n" + "    for (int r = 0; r < " +
                  std::to_string(computeRounds(scalar, width)) + "; r++) { " + chain + "}\n" +
                  storeSum(scalar, "y", width, true) + "}\n";
    }
    return source;
}

int computeWorkPerWorkItem(const std::string& scalar) {
    // Rounds x 16 multiply-adds x 2 operations x width, the same for every width.
    return computeRounds(scalar, 1) * 16 * 2;
}

} // namespace clw::engine::detail
