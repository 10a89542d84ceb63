<?php
// Bench peer: PHP's SoapClient (php-soap, WSDL mode) makes the same sale again and again against the
// simulator, one connection per request like the terminal's client, and prints its per-request times.
// argv: wsdl-file endpoint iterations warmup request-json. Prints {"medianMs", "p95Ms", "meanMs", "iterations"}.
[$_, $wsdl, $endpoint, $iterations, $warmup, $json] = $argv;
$client = new SoapClient($wsdl, [
    'location' => $endpoint,
    'exceptions' => true,
    'cache_wsdl' => WSDL_CACHE_NONE,
    'keep_alive' => false,
    'features' => SOAP_SINGLE_ELEMENT_ARRAYS,
]);
$request = json_decode($json, false, 512, JSON_THROW_ON_ERROR);
$times = [];
for ($i = 0; $i < (int) $warmup + (int) $iterations; $i++) {
    $start = hrtime(true);
    $result = $client->__soapCall('SendAndCommit', [$request]);
    $ms = (hrtime(true) - $start) / 1e6;
    if ($result->Transaction_Approved !== true) {
        fwrite(STDERR, "the bench sale was not approved\n");
        exit(3);
    }
    if ($i >= (int) $warmup) $times[] = $ms;
}
sort($times);
$at = fn (float $q): float => $times[min(count($times) - 1, (int) floor($q * count($times)))];
echo json_encode(['medianMs' => $at(0.5), 'p95Ms' => $at(0.95), 'meanMs' => array_sum($times) / count($times), 'iterations' => count($times)]), "\n";
