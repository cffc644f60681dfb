// The main() of a fuzz target outside the fuzz preset: runs every file named on the command line,
// and every file in the folders named there, through LLVMFuzzerTestOneInput once, in name order.
// CTest replays each target's corpus and regressions this way in the ordinary suite. No input at
// all is a failure, so a corpus that went missing is not a pass.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

std::vector<std::filesystem::path> inputsOf(const std::filesystem::path& where) {
    std::vector<std::filesystem::path> inputs;
    if (std::filesystem::is_directory(where)) {
        for (const auto& entry : std::filesystem::directory_iterator(where))
            if (entry.is_regular_file())
                inputs.push_back(entry.path());
        std::sort(inputs.begin(), inputs.end());
    } else if (std::filesystem::is_regular_file(where)) {
        inputs.push_back(where);
    }
    return inputs;
}

} // namespace

int main(int argc, char** argv) {
    std::size_t replayed = 0;
    for (int i = 1; i < argc; ++i) {
        const std::vector<std::filesystem::path> inputs = inputsOf(argv[i]);
        for (const std::filesystem::path& input : inputs) {
            std::ifstream file(input, std::ios::binary);
            const std::vector<char> bytes{std::istreambuf_iterator<char>(file),
                                          std::istreambuf_iterator<char>()};
            if (!file.eof() && file.fail()) {
                std::fprintf(stderr, "cannot read %s\n", input.string().c_str());
                return 1;
            }
            // A copy of exactly the input's size, so that a read past its end is seen by ASan
            // in the sanitizer presets, as in the fuzzer.
            std::vector<std::uint8_t> data(bytes.begin(), bytes.end());
            std::fprintf(stderr, "%s\n", input.filename().string().c_str());
            LLVMFuzzerTestOneInput(data.data(), data.size());
        }
        std::printf("%zu inputs from %s\n", inputs.size(), argv[i]);
        replayed += inputs.size();
    }
    if (replayed == 0) {
        std::fprintf(stderr, "no input to replay: name corpus folders or files\n");
        return 1;
    }
    std::printf("replayed %zu inputs\n", replayed);
    return 0;
}
