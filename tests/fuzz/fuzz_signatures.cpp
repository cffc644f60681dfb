// The preprocessor and the source signature reader, which read kernel signatures from OpenCL C
// where a driver gives no argument info. The input is three parts split at NUL bytes: the build
// options, the main file (kernel.cl) and a header it may include (common.h). The preprocessor
// never throws; the signature reader throws only ClError(CL_INVALID_KERNEL_DEFINITION).
#include "FuzzCheck.h"

#include "clw/engine/build/SourceSet.h"
#include "clw/engine/launch/Preprocessor.h"
#include "clw/engine/launch/PreprocessorOptions.h"
#include "clw/engine/launch/SourceSignatures.h"
#include "clw/engine/runtime/ClError.h"

#include <cstdint>
#include <string>
#include <string_view>

using namespace clw::engine;

namespace {

// The part of `input` before the next NUL (all of it when there is none), taken off `input`.
std::string takePart(std::string_view& input) {
    const size_t end = input.find('\0');
    const std::string part(input.substr(0, end));
    input.remove_prefix(end == std::string_view::npos ? input.size() : end + 1);
    return part;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view input(reinterpret_cast<const char*>(data), size);
    const std::string options = takePart(input);
    SourceSet sources = SourceSet::single(takePart(input), "kernel.cl");
    sources.files.push_back({"common.h", takePart(input)});

    const PreprocessedSource preprocessed =
        preprocess(sources, PreprocessorOptions::fromBuildOptions(options));
    try {
        for (const KernelSignature& signature : parseKernelSignatures(preprocessed.text))
            clw::fuzz::require(!signature.name.empty(), "a kernel without a name");
    } catch (const ClError& error) {
        clw::fuzz::require(error.code() == CL_INVALID_KERNEL_DEFINITION,
                           std::string("the signature reader threw another code: ") + error.what());
    }
    return 0;
}
