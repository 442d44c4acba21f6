// The locale test's allowlist (locales.test.ts), kept apart from the checks it serves.

/**
 * Reviewed allowlist: keys whose translation may be spelt exactly as the English text, and in which
 * locales ('*' = all). Every other value must differ from English. Add an entry only with a reason.
 */
export const SAME_AS_ENGLISH: Record<string, '*' | readonly string[]> = {
  // The product's brand name is never translated.
  'app.name': '*',
  // "Code" is the German and French word for the second sign-in step's code too.
  'login.twoFactor.code': ['de', 'fr'],
  // A notification's message: the alarm's name, a colon, its sentence; the colon is the same in most scripts.
  'alarmText.message': ['da', 'de', 'sv', 'ar', 'ko'],
  // "Dashboards" is the established term in Danish and German software.
  'nav.dashboards': ['da', 'de'],
  // Likewise the singular "Dashboard" in Danish and German.
  'pages.dashboard': ['da', 'de'],
  // "Administration" is spelt the same in Danish, German, Swedish and French.
  'pages.admin': ['da', 'de', 'sv', 'fr'],
  // "Notifications" is the standard French term, spelt as in English.
  'nav.notifications': ['fr'],
  // Same word as nav.notifications.
  'shell.notifications': ['fr'],
  // Same word as nav.notifications.
  'pages.notifications': ['fr'],
  // A placeholder and the unit °C, written alike in every language listed.
  'widgets.common.celsius': ['ar', 'da', 'de', 'ko', 'sv', 'zh'],
  // A placeholder and the degree sign: nothing to translate.
  'widgets.common.celsiusShort': ['ar', 'da', 'de', 'fr', 'ko', 'sv', 'zh'],
  // A placeholder and the unit symbol V.
  'widgets.common.volt': ['ar', 'da', 'de', 'ko', 'sv', 'zh'],
  // "Alarm" is the native word, spelt as in English.
  'status.alarm': ['da', 'de'],
  // "Problem" is the native word, spelt as in English.
  'status.problem': ['da', 'sv'],
  // "Dashboards" is the established term, as for nav.dashboards.
  'dashboard.dashboards': ['da', 'de'],
  // "Status" is the native word.
  'filter.status': ['da', 'de', 'sv'],
  // "Status" is the native word (column header).
  'widgets.deviceList.status': ['da', 'de', 'sv'],
  // A placeholder and the unit symbol mm.
  'widgets.common.mm': ['da', 'de', 'ko', 'sv', 'zh'],
  // The Danish singular "alarm" is spelt as in English.
  'widgets.alarms.bar_one': ['da'],
  // Only placeholders and a dash.
  'widgets.parkingStatistics.window': ['da', 'de'],
  // BER (bit error rate) is the technical abbreviation used.
  'chart.series.ber': ['da'],
  // The chemical formula CO₂.
  'chart.series.co2': ['da', 'de', 'fr', 'sv'],
  // Only placeholders around a spaced dash.
  'chart.range': ['da', 'de', 'sv'],
  // "OK" is the usual status word in these languages' monitoring software.
  'status.ok': ['de', 'sv'],
  // "Status" is the native word.
  'widgetTypes.status.name': ['de', 'sv'],
  // A placeholder and the unit km/h.
  'widgets.common.kmh': ['de', 'ko', 'sv', 'zh'],
  // "Type" is the native word.
  'widgets.map.type': ['fr'],
  // "Type" is the native word (column header).
  'widgets.deviceList.type': ['fr'],
  // PT names the platinum probe (PT100/PT1000), a technical identifier.
  'chart.series.pt': ['fr'],
  // PM2.5 is the standard term.
  'chart.series.pm25': ['zh'],
  // The chemical formula CO₂, as chart.series.co2.
  'series.co2': ['da', 'de', 'fr', 'sv'],
  // Only placeholders and the × sign.
  'widgets.temp.sourceCount': '*',
  // Only placeholders around a dash (a time range).
  'widgets.parkingList.usage': ['da', 'de', 'fr', 'zh'],
  // The Danish singular "alarm" is spelt as in English.
  'widgets.alarmMonitor.settings.countValue_one': ['da'],
  // Only placeholders and a separator.
  'widgets.list.header': '*',
  // Only placeholders around a dash (a date range).
  'widgets.list.range': ['da', 'de', 'fr', 'sv'],
  // The file format name CSV.
  'widgets.list.csv': '*',
  // The Danish singular "alarm" is spelt as in English.
  'widgets.settings.rowsOption_one': ['da'],
  // The chemical formula CO₂.
  'widgets.airQuality.co2': '*',
  // The unit symbol ppm.
  'widgets.airQuality.ppm': '*',
  // The unit symbol µg/m³.
  'widgets.airQuality.ugm3': '*',
  // "Neutral" is the native word.
  'widgets.airQuality.status.neutral': ['da', 'de', 'sv'],
  // A placeholder and the unit symbol cm.
  'widgets.waterLevel.cm': ['da', 'de', 'fr', 'ko', 'sv', 'zh'],
  // The unit symbol kWh.
  'widgets.consumption.kwh': '*',
  // A placeholder and the % sign, spaced as these languages write it.
  'widgets.indoorClimate.percent': ['ar', 'da', 'de', 'fr', 'sv'],
  // The unit symbol °C.
  'widgets.indoorClimate.unit.temperature': '*',
  // The unit symbol %.
  'widgets.indoorClimate.unit.humidity': '*',
  // Only placeholders around a dash (a value range).
  'widgets.indoorClimate.range': ['da', 'de', 'fr', 'sv'],
  // Only placeholders and the × sign (image size).
  'widgets.indoorClimate.settings.planSize': '*',
  // "Radar" is the native word.
  'chart.radar': ['da', 'fr'],
  // "Radar" is the native word.
  'radar.title': ['da', 'fr'],
  // "Radar" is the native word, plus a placeholder.
  'radar.documentTitle': ['da', 'fr'],
  // "Radar" is the native word.
  'radar.open': ['da', 'fr'],
  // The symbol Δ.
  'radar.plot.deltaShort': '*',
  // A placeholder and the unit symbol m.
  'radar.markers.at': ['da', 'de', 'fr', 'ko', 'sv'],
  // A placeholder and the symbol c (speed of light).
  'radar.markers.speed': '*',
  // "Position" is the native word.
  'radar.markers.position': ['de', 'fr'],
  // "Type" is the native word.
  'widgets.map.gis.type': ['fr'],
  // "Axes" is the native French word.
  'widgets.settings.axes': ['fr'],
  // PM2.5 is the standard term.
  'widgets.airQuality.pm25': ['ar', 'ko', 'zh'],
  // "Status" is the native word, as for filter.status.
  'tasks.status': ['da', 'de', 'sv'],
  // "Type" is the native word.
  'tasks.type': ['da', 'fr'],
  // "System" is the native word.
  'tasks.system': ['da', 'de'],
  // "Status" is the native word (column header), as filter.status.
  'devices.col.status': ['da', 'de', 'sv'],
  // "Type" is the native word (column header).
  'devices.col.type': ['da', 'fr'],
  // "Type" is the native Danish word.
  'devices.log.kindLabel': ['da'],
  // GPRS names the mobile data service: a technical acronym kept in Latin letters.
  'devices.tabs.gprs': '*',
  // NFC is the technology acronym, kept in Latin letters.
  'devices.tabs.nfc': '*',
  // "Firmware" is the established term in these languages.
  'devices.tabs.firmware': ['da', 'de', 'sv'],
  // "Gateway" is the established networking term.
  'devices.fields.Gateway': ['da', 'de', 'sv'],
  // APN (access point name) is the networking acronym shown in phones' settings.
  'devices.fields.CellularAPN': ['da', 'de', 'ko', 'sv', 'zh'],
  // BER (bit error rate) is the technical abbreviation, as in chart.series.ber.
  'devices.inputKinds.ber': ['da', 'sv'],
  // "Alarm" is the native word, as status.alarm.
  'devices.log.kind.alarm': ['da', 'de'],
  // "Organization" is spelt the same in these languages.
  'containers.organization': ['da', 'de', 'fr', 'sv'],
  'shell.organization': ['da', 'de', 'fr', 'sv'],
  'widgets.indoorClimate.settings.organization': ['da', 'de', 'fr', 'sv'],
  'tasks.organization': ['da', 'de', 'fr', 'sv'],
  // "Index" is the native word.
  'devices.inputIndex': ['de', 'sv'],
  // "Analog" is the Swedish word too.
  'devices.inputKinds.analog': ['sv'],
  // "Description" is the French word, spelt the same.
  'devices.fields.UnitDescription': ['fr'],
  // "Longitude" is the French word, spelt the same.
  'devices.fields.GPSLongitude': ['fr'],
  // Only placeholders around a middle dot (a field's range and what 0 means).
  'devices.fieldHelp': ['da', 'de', 'sv', 'fr', 'ko'],
  // "min" and "s" are the abbreviations for minutes and seconds in these languages too.
  'devices.fieldUnits.min': ['da', 'de', 'sv', 'fr'],
  'devices.fieldUnits.s': ['da', 'de', 'sv', 'fr'],
  // The percent and degree signs: nothing to translate.
  'devices.fieldUnits.%': '*',
  'devices.fieldUnits.°': '*',
  // "Latitude" is the French word, spelt the same.
  'devices.fields.GPSLatitude': ['fr'],
  // Issue 11: a chart's or map's table. "Status", "Latitude", "Longitude" are the native words.
  'common.tableStatus': ['da', 'de', 'sv'],
  'common.tableLatitude': ['fr'],
  'common.tableLongitude': ['fr'],
  // "Message" is the French word, spelt the same.
  'devices.log.message': ['fr'],
  // Issue 8: API is the standard technical acronym in every language
  'admin.tabs.api': '*',
  // Issue 8: "Send link" is correct Danish (imperative send + loanword link)
  'login.forgotSubmit': ['da'],
  // Issue 8: "E-mail" is the standard Danish spelling
  'profile.personal.email': ['da'],
  // Issue 8: "E-mail" is the standard Danish spelling
  'admin.contact.email': ['da'],
  // Issue 8: "E-mail" is the standard Danish spelling
  'admin.users.email': ['da', 'fr'],
  // Issue 8: "E-mail" is the standard Danish spelling
  'admin.profile.fields.email': ['da'],
  // Issue 8: "Organization" is spelt the same in these languages
  'admin.organization': ['da', 'de', 'fr', 'sv'],
  // Issue 8: "Organization" is spelt the same in these languages
  'admin.general.organization': ['da', 'de', 'fr', 'sv'],
  // Issue 8: "Organization" is spelt the same in these languages
  'admin.users.organization': ['da', 'de', 'fr', 'sv'],
  // Issue 8: "Logo" is spelt the same in these languages
  'admin.customization.logo': ['da', 'de', 'fr'],
  // Issue 8: "Upload logo" is the standard Danish UI wording
  'admin.customization.uploadLogo': ['da'],
  // Issue 8: "Dashboards" is the established loanword in these languages
  'admin.ownership.count_one': ['da'],
  // Issue 8: Danish plural "dashboards" is spelt as in English
  'admin.ownership.count_other': ['da'],
  // Issue 8: Danish plural "dashboards" is spelt as in English
  'admin.permissions.resources.dashboard': ['da', 'de'],
  // Issue 8: German word spelt the same (Name)
  'admin.contact.name': ['de'],
  // Issue 8: German word spelt the same (Name)
  'admin.users.name': ['de'],
  // Issue 8: French word spelt the same
  'profile.tabs.notifications': ['fr'],
  // Issue 8: French word spelt the same
  'profile.tabs.sessions': ['fr'],
  // Issue 8: French word spelt the same
  'profile.personal.latitude': ['fr'],
  // Issue 8: French word spelt the same
  'profile.personal.longitude': ['fr'],
  // Issue 8: French word spelt the same (column header)
  'profile.sessions.actions': ['fr'],
  // Issue 8: French word spelt the same (column header)
  'admin.sessions.actions': ['fr'],
  // Issue 8: French word spelt the same (column header)
  'admin.api.actions': ['fr'],
  // Issue 8: French word spelt the same
  'admin.permissions.action': ['fr'],
  // Issue 8: French word spelt the same
  'admin.permissions.resources.organization': ['fr'],
  // Issue 8: French word "Notifications" spelt the same
  'admin.permissions.resources.notification': ['fr'],
  // Issue 8: Swedish word "Period" is spelt the same
  'admin.usage.period': ['sv'],
  // Issue 9: "Position" is spelt the same in German and Swedish, followed by only placeholders.
  'onboarding.place.position': ['da', 'de', 'sv'],
  // Issue 9: "E-mail" is the standard Danish spelling.
  'onboarding.account.email': ['da'],
  // Issue 10: "Browser" is the established word in Danish and German.
  'admin.errors.sources.browser': ['da', 'de'],
  // Issue 10: "Server" is spelt the same in Danish, German and Swedish.
  'admin.errors.sources.server': ['da', 'de', 'sv'],
  // Issue 10: "Message" is the French word, spelt the same (column header).
  'admin.errors.message': ['fr'],
  // Issue 10: French word spelt the same (column header).
  'admin.errors.actions': ['fr'],
  // Issue 24: "Webhook" is the established word in Danish, German, Swedish and French.
  'admin.tabs.webhooks': ['da', 'de', 'sv', 'fr'],
  'webhooks.title': ['da', 'de', 'sv', 'fr'],
  // Issue 24: "URL" is written so in every language but Arabic (which adds its word).
  'webhooks.url': ['da', 'de', 'sv', 'fr', 'ko', 'zh'],
  // Issue 24: "Test" is spelt the same in Danish, German, Swedish and French.
  'webhooks.kind.ping': ['da', 'de', 'sv', 'fr'],
  // Issue 24: Danish says "Send test" as English does.
  'webhooks.test': ['da'],
  // Issue 24: "Endpoint" is the established word in Danish and Swedish.
  'webhooks.column.endpoint': ['da', 'sv'],
  // Issue 24: words spelt the same (German "Details", French "Description" and "Actions").
  'webhooks.deliveries.details': ['de'],
  'webhooks.description': ['fr'],
  'webhooks.actions': ['fr'],
};
