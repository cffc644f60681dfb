#include "bridge/RuntimeProbe.h"

#include "clw/engine/device/IcdLoaderInfo.h"
#include "clw/engine/device/NullPlatformBehavior.h"
#include "clw/engine/runtime/ClError.h"

namespace clw::ui {

namespace {

QString qs(const std::string& text) {
    return QString::fromStdString(text);
}

IcdLoaderRow loaderRow(const engine::IcdLoaderProperty& property) {
    IcdLoaderRow row;
    row.name = qs(property.name);
    row.label = qs(property.label);
    row.supported = property.supported();
    if (row.supported)
        row.value = qs(property.value);
    else
        row.error = qs(engine::errorName(property.error));
    return row;
}

NullPlatformRow nullPlatformRow(const engine::NullPlatformOutcome& outcome) {
    NullPlatformRow row;
    row.call = qs(outcome.label);
    row.text = qs(outcome.text());
    row.succeeded = outcome.succeeded();
    row.attempted = outcome.attempted;
    row.code = outcome.code;
    row.codeName = qs(engine::errorName(outcome.code));
    row.function = qs(outcome.function);
    row.platformName = qs(outcome.platformName);
    row.platformSuffix = qs(outcome.platformSuffix);
    for (const std::string& name : outcome.deviceNames)
        row.deviceNames << qs(name);
    return row;
}

} // namespace

RuntimeEntry readRuntimeEntry() {
    RuntimeEntry entry;
    entry.probed = true;
    const engine::IcdLoaderInfo loader = engine::readIcdLoaderInfo();
    entry.icdLoaderAvailable = loader.available;
    for (const engine::IcdLoaderProperty& property : loader.properties)
        entry.icdLoader.append(loaderRow(property));
    const engine::NullPlatformBehavior behavior = engine::probeNullPlatformBehavior();
    for (const engine::NullPlatformOutcome& outcome : behavior.outcomes)
        entry.nullPlatform.append(nullPlatformRow(outcome));
    entry.listingError = qs(behavior.listingError);
    return entry;
}

} // namespace clw::ui
