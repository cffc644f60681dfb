#include "clw/engine/build/CacheKey.h"

#include "clw/engine/build/Sha256.h"
#include "clw/engine/runtime/Platform.h"

#include <cstdint>

namespace clw::engine {

std::string normalizeOptions(const std::string& options) {
    std::string out;
    bool space = false;
    for (char c : options) {
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            space = !out.empty();
            continue;
        }
        if (space)
            out += ' ';
        space = false;
        out += c;
    }
    return out;
}

CacheKey CacheKey::fromFields(std::vector<std::pair<std::string, std::string>> fields) {
    Sha256 hash;
    auto addLengthPrefixed = [&](const std::string& text) {
        const std::uint64_t length = text.size();
        unsigned char prefix[8];
        for (int i = 0; i < 8; ++i)
            prefix[i] = static_cast<unsigned char>(length >> (8 * i));
        hash.update(prefix, sizeof prefix);
        hash.update(text);
    };
    for (const auto& [name, value] : fields) {
        addLengthPrefixed(name);
        addLengthPrefixed(value);
    }
    CacheKey key;
    key.fields = std::move(fields);
    key.digest = Sha256::hex(hash.finish());
    return key;
}

CacheKey CacheKey::make(const Device& device, const std::string& normalizedOptions,
                        const std::string& source, const std::vector<ResolvedInclude>& includes) {
    const Platform platform = device.platform();
    std::vector<std::pair<std::string, std::string>> fields{
        {"format", std::to_string(kFormatVersion)},
        {"platform.vendor", platform.vendor()},
        {"platform.name", platform.name()},
        {"platform.version", platform.version()},
        {"device.vendor", device.info<CL_DEVICE_VENDOR>()},
        {"device.name", device.name()},
        {"device.version", device.info<CL_DEVICE_VERSION>()},
        {"driver.version", device.info<CL_DRIVER_VERSION>()},
        {"options", normalizedOptions},
        {"source.sha256", Sha256::hex(Sha256::digest(source))},
    };
    for (const ResolvedInclude& include : includes)
        fields.emplace_back("include:" + include.resolved,
                            include.found ? include.digest : std::string("(not found)"));
    return fromFields(std::move(fields));
}

} // namespace clw::engine
