// Which items export writes as a FeatureService, and the service name it gives them: ArcGIS Online's
// and ArcGIS Enterprise's hosted service URLs; a view, an external service and other types are not.
import { strict as assert } from "node:assert";
import { hostedServices } from "../../provider";

const { notHostedService, serviceNameOf } = hostedServices;
const hosted = ["Data", "Service", "Feature Service", "Hosted Service"];

describe("unit: hosted feature service items (export and adopt)", () => {
  it("names the service from an Online or Enterprise FeatureServer URL", () => {
    assert.equal(serviceNameOf("https://services3.arcgis.com/AbCdEf/arcgis/rest/services/Weather_stations/FeatureServer"), "Weather_stations");
    assert.equal(serviceNameOf("https://gis.example.com/server/rest/services/Hosted/Parcels/FeatureServer/"), "Parcels");
    assert.equal(serviceNameOf("https://gis.example.com/server/rest/services/Hosted/Parcels/MapServer"), undefined);
    assert.equal(serviceNameOf("https://gis.example.com/server/rest/services/Parcels/FeatureServer/0"), undefined);
    assert.equal(serviceNameOf(undefined), undefined);
  });

  it("takes a hosted Feature Service item; refuses a view, an external service, another type", () => {
    const url = "https://services3.arcgis.com/AbCdEf/arcgis/rest/services/Parcels/FeatureServer";
    assert.equal(notHostedService({ type: "Feature Service", typeKeywords: hosted, url }), undefined);
    assert.match(notHostedService({ type: "Feature Service", typeKeywords: [...hosted, "View Service"], url })!, /view/);
    assert.match(notHostedService({ type: "Feature Service", typeKeywords: ["Data", "Service", "Feature Service"], url })!, /does not host/);
    assert.match(notHostedService({ type: "Map Service", typeKeywords: hosted, url })!, /^a "Map Service" item$/);
    assert.match(notHostedService({ type: "Feature Service", typeKeywords: hosted, url: "https://example.com/x" })!, /not a FeatureServer URL/);
  });
});
