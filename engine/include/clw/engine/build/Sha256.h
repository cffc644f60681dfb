#pragma once
// SHA-256 (FIPS 180-4) for the binary cache's keys and checksums (DESIGN.md §2), computed by
// OpenSSL's libcrypto: a kept library that uses the CPU's SHA instructions where there are any.
// bench/clw_bench_build times it against a hand-written SHA-256 in the same run.
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

// OpenSSL's EVP_MD_CTX, declared here so that users of this header need no OpenSSL headers.
struct evp_md_ctx_st;

namespace clw::engine {

class Sha256 {
public:
    using Digest = std::array<std::uint8_t, 32>;

    // Throws std::runtime_error naming the OpenSSL call when libcrypto cannot start a digest
    // (out of memory, or no provider of SHA-256 loaded); so do the functions below.
    Sha256();
    // Looks OpenSSL's SHA-256 up now and hashes once. The first look-up in a process loads
    // OpenSSL's configuration and provider store (about 1 ms), and the first digest sets more up;
    // a service that will hash calls this when it is made, so that its first build does not pay
    // for either. Throws as the constructor does.
    static void prepare();
    // A copy continues from the same message as the original; the two then go their own ways.
    Sha256(const Sha256& other);
    Sha256& operator=(const Sha256& other);
    ~Sha256();

    // Appends bytes to the message; any split into calls gives the same digest.
    void update(const void* data, std::size_t size);
    void update(std::string_view text) { update(text.data(), text.size()); }
    // Pads, returns the digest and resets to the empty message, ready for reuse.
    Digest finish();

    // Lower-case hex, 64 characters, as sha256sum prints it.
    static std::string hex(const Digest& digest);
    static Digest digest(std::string_view text);

private:
    struct ContextFree {
        void operator()(evp_md_ctx_st* context) const;
    };
    std::unique_ptr<evp_md_ctx_st, ContextFree> m_context;
};

} // namespace clw::engine
